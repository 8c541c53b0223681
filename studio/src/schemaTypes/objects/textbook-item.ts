import {BookIcon} from '@sanity/icons/Book'
import {defineField, defineType} from 'sanity'

import {imageField, textField} from '../../lib/fields'
import {noPriceText} from '../../lib/validation'

/** One optional textbook (NEW CROWN, Connect). Its price comes from the catalogue. */
export default defineType({
  name: 'textbookItem',
  title: 'オプション教材',
  type: 'object',
  icon: BookIcon,
  fields: [
    defineField({
      name: 'name',
      title: '教材名',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(40), rule.custom(noPriceText)],
    }),
    textField('description', '説明', {max: 300, required: true}),
    imageField({name: 'image', title: 'イラスト・写真（任意）'}),
  ],
  preview: {select: {title: 'name', subtitle: 'description', media: 'image'}},
})
