import {ThListIcon} from '@sanity/icons/ThList'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'functionList',
  title: '機能一覧',
  type: 'object',
  icon: ThListIcon,
  fields: [
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'functions',
      title: '機能',
      type: 'array',
      of: [defineArrayMember({type: 'functionItem'})],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading', functions: 'functions'},
    prepare: ({title, functions}) => ({
      title: title || '機能一覧',
      subtitle: `機能一覧・${Array.isArray(functions) ? functions.length : 0}件`,
    }),
  },
})
