import {Progress50Icon} from '@sanity/icons/Progress50'
import {defineField, defineType} from 'sanity'

import {textField} from '../../lib/fields'
import {noPriceText} from '../../lib/validation'

/** One step of the registration flow (/timeline). */
export default defineType({
  name: 'timelineStep',
  title: 'ステップ',
  type: 'object',
  icon: Progress50Icon,
  fields: [
    defineField({
      name: 'title',
      title: 'タイトル',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(40), rule.custom(noPriceText)],
    }),
    textField('body', '説明', {max: 400, required: true, rows: 4}),
    textField('note', '補足（任意）', {max: 300}),
  ],
  preview: {select: {title: 'title', subtitle: 'body'}},
})
