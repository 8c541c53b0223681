import {ThLargeIcon} from '@sanity/icons/ThLarge'
import {defineField, defineType} from 'sanity'

import {imageMember, seoField} from '../../lib/fields'
import {noPriceText} from '../../lib/validation'

/**
 * Singleton `planTablePage` (/plantable). The price table itself is drawn by the site from the
 * plan catalogue; this document holds only the copy and the images around it.
 */
export default defineType({
  name: 'planTablePage',
  title: '料金プラン一覧',
  type: 'document',
  icon: ThLargeIcon,
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
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'intro',
      title: '導入文',
      type: 'text',
      rows: 4,
      group: 'content',
      description: '料金表の上に表示されます。金額は書かないでください（料金表はプランカタログから作られます）。',
      validation: (rule) => [rule.required(), rule.max(400), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'images',
      title: '画像',
      type: 'array',
      group: 'content',
      of: [imageMember({caption: true})],
      validation: (rule) => rule.required().min(1).max(4),
    }),
    seoField('seo'),
  ],
  preview: {prepare: () => ({title: '料金プラン一覧', subtitle: '/plantable'})},
})
