import {BookIcon} from '@sanity/icons/Book'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {headingField, imageField, textField} from '../../lib/fields'

/**
 * オプション教材: books that can be added at registration. They are charged on the day of the
 * order and cannot be returned; the note must say so. Prices come from the catalogue.
 */
export default defineType({
  name: 'optionalTextbookBlock',
  title: 'オプション教材',
  type: 'object',
  icon: BookIcon,
  fields: [
    headingField(),
    textField('lead', 'リード文', {max: 300, required: true}),
    defineField({
      name: 'books',
      title: '教材',
      type: 'array',
      of: [defineArrayMember({type: 'textbookItem'})],
      validation: (rule) => rule.required().min(1).max(4),
    }),
    imageField({name: 'image', title: 'イラスト・写真（任意）'}),
    textField('note', '注記（お支払い時期・返品について）', {max: 400, required: true}),
  ],
  preview: {
    select: {title: 'heading', books: 'books', media: 'image'},
    prepare: ({title, books, media}) => ({
      title: title || 'オプション教材',
      subtitle: `オプション教材・${Array.isArray(books) ? books.length : 0}冊`,
      media,
    }),
  },
})
