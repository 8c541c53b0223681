import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {legalSlug} from '../../lib/validation'

export default defineType({
  name: 'legalPage',
  title: '規約・法定表記',
  type: 'document',
  icon: DocumentTextIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'タイトル',
      type: 'string',
      description: '例: 利用規約、特定商取引法に基づく表記、プライバシーポリシー',
      validation: (rule) => rule.required().max(60),
    }),
    defineField({
      name: 'slug',
      title: 'スラッグ（URL）',
      type: 'slug',
      description: '「/{スラッグ}」で公開されます（terms, tokushoho, privacy）。同じスラッグは使えません。',
      options: {maxLength: 64},
      validation: (rule) => [rule.required(), rule.custom(legalSlug).error()],
    }),
    defineField({
      name: 'updatedAt',
      title: '最終改定日',
      type: 'date',
      options: {dateFormat: 'YYYY年M月D日'},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'body',
      title: '本文',
      type: 'array',
      of: [
        defineArrayMember({
          type: 'block',
          styles: [
            {title: '本文', value: 'normal'},
            {title: '見出し2', value: 'h2'},
            {title: '見出し3', value: 'h3'},
          ],
          lists: [
            {title: '箇条書き', value: 'bullet'},
            {title: '番号付きリスト', value: 'number'},
          ],
          marks: {
            decorators: [{title: '太字', value: 'strong'}],
            annotations: [
              defineArrayMember({
                name: 'link',
                title: 'リンク',
                type: 'object',
                fields: [
                  defineField({
                    name: 'href',
                    title: 'リンク先',
                    type: 'url',
                    description: 'https://…、mailto:…、tel:… またはサイト内パス（/privacy など）',
                    validation: (rule) =>
                      rule
                        .required()
                        .uri({scheme: ['https', 'http', 'mailto', 'tel'], allowRelative: true}),
                  }),
                ],
              }),
            ],
          },
        }),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  orderings: [
    {title: 'スラッグ順', name: 'slugAsc', by: [{field: 'slug.current', direction: 'asc'}]},
    {title: '最終改定日（新しい順）', name: 'updatedAtDesc', by: [{field: 'updatedAt', direction: 'desc'}]},
  ],
  preview: {
    select: {title: 'title', slug: 'slug.current', updatedAt: 'updatedAt'},
    prepare: ({title, slug, updatedAt}) => ({
      title,
      subtitle: [slug ? `/${slug}` : 'スラッグ未設定', updatedAt ? `${updatedAt} 改定` : null]
        .filter(Boolean)
        .join('・'),
    }),
  },
})
