import {SparklesIcon} from '@sanity/icons/Sparkles'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'featurePoints',
  title: '特長ポイント',
  type: 'object',
  icon: SparklesIcon,
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
      name: 'points',
      title: '特長',
      type: 'array',
      of: [defineArrayMember({type: 'featurePoint'})],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading', points: 'points'},
    prepare: ({title, points}) => ({
      title: title || '特長ポイント',
      subtitle: `特長ポイント・${Array.isArray(points) ? points.length : 0}件`,
    }),
  },
})
