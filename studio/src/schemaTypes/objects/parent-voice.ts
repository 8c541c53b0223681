import {CommentIcon} from '@sanity/icons/Comment'
import {defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'parentVoice',
  title: '保護者のコメント',
  type: 'object',
  icon: CommentIcon,
  fields: [
    defineField({
      name: 'quote',
      title: 'コメント',
      type: 'text',
      rows: 4,
      validation: (rule) => [rule.required(), rule.max(400), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'author',
      title: '投稿者',
      type: 'string',
      description: '個人が特定されない表記にしてください（例: 小学3年生のお子さまの保護者）。',
      validation: (rule) => [rule.required(), rule.max(40)],
    }),
  ],
  preview: {select: {title: 'quote', subtitle: 'author'}},
})
