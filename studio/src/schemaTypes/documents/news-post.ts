import {BellIcon} from '@sanity/icons/Bell'
import {defineField, defineType} from 'sanity'

import {seoField, textField} from '../../lib/fields'
import {SLUG_PATTERN, noPriceText} from '../../lib/validation'

/**
 * Public notices (/news and /news/{slug}). Member announcements of the admin console live in
 * PostgreSQL instead (product decision 5).
 */
export default defineType({
  name: 'newsPost',
  title: 'お知らせ',
  type: 'document',
  icon: BellIcon,
  groups: [
    {name: 'content', title: 'コンテンツ', default: true},
    {name: 'seo', title: 'SEO'},
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'タイトル',
      type: 'string',
      group: 'content',
      validation: (rule) => [rule.required(), rule.max(80), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'slug',
      title: 'スラッグ（URL）',
      type: 'slug',
      group: 'content',
      description: '「/news/{スラッグ}」で公開されます。半角英小文字・数字・ハイフンのみ（例: 2026-11-year-end-support）。同じスラッグは使えません。',
      options: {maxLength: 80},
      validation: (rule) => [
        rule.required(),
        rule.custom((value: {current?: string} | undefined) =>
          !value?.current || SLUG_PATTERN.test(value.current)
            ? true
            : '半角英小文字・数字・ハイフンのみ使用できます（例: 2026-11-year-end-support）。',
        ),
      ],
    }),
    defineField({
      name: 'publishedAt',
      title: '公開日時',
      type: 'datetime',
      group: 'content',
      description: '一覧はこの日時の新しい順に並びます。',
      options: {dateFormat: 'YYYY年M月D日', timeFormat: 'HH:mm'},
      validation: (rule) => rule.required(),
    }),
    textField('excerpt', '概要', {max: 200, required: true, group: 'content', description: 'お知らせ一覧に表示される短い説明です。'}),
    defineField({
      name: 'body',
      title: '本文',
      type: 'richText',
      group: 'content',
      validation: (rule) => rule.required().min(1),
    }),
    seoField('seo'),
  ],
  orderings: [
    {title: '公開日時（新しい順）', name: 'publishedAtDesc', by: [{field: 'publishedAt', direction: 'desc'}]},
  ],
  preview: {
    select: {title: 'title', publishedAt: 'publishedAt', slug: 'slug.current'},
    prepare: ({title, publishedAt, slug}) => ({
      title,
      subtitle: [publishedAt ? String(publishedAt).slice(0, 10) : '公開日未設定', slug ? `/news/${slug}` : null]
        .filter(Boolean)
        .join('・'),
    }),
  },
})
