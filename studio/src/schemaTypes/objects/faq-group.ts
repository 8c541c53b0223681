import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {FAQ_AUDIENCES, noPriceText} from '../../lib/validation'

/** One panel of the FAQ page: who it is for, and its questions. */
export default defineType({
  name: 'faqGroup',
  title: '質問グループ',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'audience',
      title: '対象',
      type: 'string',
      options: {list: FAQ_AUDIENCES, layout: 'radio'},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'items',
      title: '質問と回答',
      type: 'array',
      of: [defineArrayMember({type: 'faqItem'})],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading', audience: 'audience', items: 'items'},
    prepare: ({title, audience, items}) => ({
      title,
      subtitle: `${FAQ_AUDIENCES.find((a) => a.value === audience)?.title ?? '対象未選択'}・${Array.isArray(items) ? items.length : 0}件`,
    }),
  },
})
