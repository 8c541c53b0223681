import {ComponentIcon} from '@sanity/icons/Component'
import {defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'functionItem',
  title: '機能',
  type: 'object',
  icon: ComponentIcon,
  fields: [
    defineField({
      name: 'title',
      title: '機能名',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(40), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'body',
      title: '説明',
      type: 'text',
      rows: 3,
      validation: (rule) => [rule.required(), rule.max(300), rule.custom(noPriceText)],
    }),
  ],
  preview: {select: {title: 'title', subtitle: 'body'}},
})
