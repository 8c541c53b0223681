import {DocumentTextIcon} from '@sanity/icons/DocumentText'
import {defineField, defineType} from 'sanity'

import {legalSlug} from '../../lib/validation'
import {bodyBlock} from '../objects/rich-text'

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
      // Amounts as text are allowed here only (特定商取引法に基づく表記: the fees, rounding; product
      // decision 6), so the body is the same blocks as richText without its price check.
      of: [bodyBlock],
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
