import {TagIcon} from '@sanity/icons/Tag'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceText, planOptionId} from '../../lib/validation'

export default defineType({
  name: 'priceOverview',
  title: '料金概要',
  type: 'object',
  icon: TagIcon,
  description:
    '料金はプランカタログ（データベース）から税込価格で表示されます。本文に金額を書かないでください。',
  fields: [
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'intro',
      title: 'リード文（任意）',
      type: 'text',
      rows: 3,
      validation: (rule) => [rule.max(300), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'planOptionIds',
      title: '表示するプラン（オプションID）',
      type: 'array',
      description: '表示順に並べてください。例: ME_Plan_1（1か月）、ME_Plan_2（3か月）、ME_Plan_3（12か月）',
      of: [
        defineArrayMember({
          type: 'string',
          validation: (rule) => [rule.required(), rule.custom(planOptionId)],
        }),
      ],
      options: {layout: 'tags'},
      validation: (rule) => rule.required().min(1).unique(),
    }),
    defineField({
      name: 'note',
      title: '注記（任意）',
      type: 'text',
      rows: 3,
      validation: (rule) => [rule.max(400), rule.custom(noPriceText)],
    }),
  ],
  preview: {
    select: {title: 'heading', ids: 'planOptionIds'},
    prepare: ({title, ids}) => ({
      title: title || '料金概要',
      subtitle: `料金概要・${Array.isArray(ids) ? ids.join(', ') : ''}`,
    }),
  },
})
