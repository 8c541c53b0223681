import {BellIcon} from '@sanity/icons/Bell'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'mediaCoverage',
  title: 'メディア掲載',
  type: 'object',
  icon: BellIcon,
  fields: [
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'items',
      title: '掲載実績',
      type: 'array',
      of: [defineArrayMember({type: 'mediaItem'})],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading', items: 'items'},
    prepare: ({title, items}) => ({
      title: title || 'メディア掲載',
      subtitle: `メディア掲載・${Array.isArray(items) ? items.length : 0}件`,
    }),
  },
})
