import {BookIcon} from '@sanity/icons/Book'
import {defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'lessonItem',
  title: 'レッスン項目',
  type: 'object',
  icon: BookIcon,
  fields: [
    defineField({
      name: 'title',
      title: 'タイトル',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(40), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'body',
      title: '本文',
      type: 'text',
      rows: 4,
      validation: (rule) => [rule.required(), rule.max(300), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'minutes',
      title: '所要時間（分・任意）',
      type: 'number',
      description: 'オンラインレッスンは1回25分です。',
      validation: (rule) => rule.integer().positive().max(120),
    }),
  ],
  preview: {
    select: {title: 'title', minutes: 'minutes'},
    prepare: ({title, minutes}) => ({
      title,
      subtitle: typeof minutes === 'number' ? `${minutes}分` : undefined,
    }),
  },
})
