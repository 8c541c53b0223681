import {PresentationIcon} from '@sanity/icons/Presentation'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'lessonContents',
  title: 'レッスン内容',
  type: 'object',
  icon: PresentationIcon,
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
      name: 'items',
      title: 'レッスン内容',
      type: 'array',
      of: [defineArrayMember({type: 'lessonItem'})],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading', items: 'items'},
    prepare: ({title, items}) => ({
      title: title || 'レッスン内容',
      subtitle: `レッスン内容・${Array.isArray(items) ? items.length : 0}件`,
    }),
  },
})
