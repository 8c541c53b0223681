import {StarIcon} from '@sanity/icons/Star'
import {defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'featurePoint',
  title: '特長',
  type: 'object',
  icon: StarIcon,
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
  ],
  preview: {select: {title: 'title', subtitle: 'body'}},
})
