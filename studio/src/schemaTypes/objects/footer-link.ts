import {LinkIcon} from '@sanity/icons/Link'
import {defineField, defineType} from 'sanity'

export default defineType({
  name: 'footerLink',
  title: 'フッターリンク',
  type: 'object',
  icon: LinkIcon,
  fields: [
    defineField({
      name: 'label',
      title: '表示名',
      type: 'string',
      description: '例: 利用規約、特定商取引法に基づく表記、プライバシーポリシー',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'page',
      title: 'リンク先ページ',
      type: 'reference',
      to: [{type: 'legalPage'}],
      validation: (rule) => rule.required(),
    }),
  ],
  preview: {
    select: {title: 'label', pageTitle: 'page.title', slug: 'page.slug.current'},
    prepare: ({title, pageTitle, slug}) => ({
      title: title || pageTitle || '（表示名なし）',
      subtitle: slug ? `/${slug}` : 'リンク先未設定',
    }),
  },
})
