import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'faqItem',
  title: '質問と回答',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'question',
      title: '質問',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(100), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'answer',
      title: '回答',
      type: 'text',
      rows: 5,
      validation: (rule) => [rule.required(), rule.max(600), rule.custom(noPriceText)],
    }),
  ],
  preview: {select: {title: 'question', subtitle: 'answer'}},
})
