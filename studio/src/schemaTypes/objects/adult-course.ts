import {CaseIcon} from '@sanity/icons/Case'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {imageField, pointsField, textField} from '../../lib/fields'
import {noPriceText, planOptionIdIn} from '../../lib/validation'

/** One adult course (Edge Hawaii or Edge Business) inside an adultPlansBlock. */
export default defineType({
  name: 'adultCourse',
  title: 'おとなコース',
  type: 'object',
  icon: CaseIcon,
  fields: [
    defineField({
      name: 'content',
      title: '教材',
      type: 'string',
      options: {
        list: [
          {title: 'Edge Hawaii（旅行・日常会話）', value: 'hawaii'},
          {title: 'Edge Business（ビジネス英語）', value: 'business'},
        ],
        layout: 'radio',
      },
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'title',
      title: 'コース名',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(40), rule.custom(noPriceText)],
    }),
    textField('body', '説明', {max: 400, required: true, rows: 4}),
    pointsField('コースのポイント', {min: 1, max: 6}),
    imageField({name: 'image', title: 'イラスト・写真', required: true}),
    defineField({
      name: 'planOptionIds',
      title: '対象プラン（オプションID）',
      type: 'array',
      description:
        'Edge Hawaii は adult_hawaii_4 / _8 / _30 / _60、Edge Business は adult_business_4 / _8 / _30 / _60（数字は月のレッスン回数）。料金はプランカタログから表示されます。',
      of: [
        defineArrayMember({
          type: 'string',
          validation: (rule) => [rule.required(), rule.custom(planOptionIdIn('adult'))],
        }),
      ],
      options: {layout: 'tags'},
      validation: (rule) => [
        rule.required().min(1).unique(),
        rule.custom((ids: string[] | undefined, context) => {
          const content = (context.parent as {content?: string} | undefined)?.content
          if (!content || !ids) return true
          const prefix = `adult_${content}_`
          return ids.every((id) => id.startsWith(prefix))
            ? true
            : `選んだ教材のプラン（${prefix}4 / 8 / 30 / 60）だけを指定してください。`
        }),
      ],
    }),
  ],
  preview: {
    select: {title: 'title', content: 'content', media: 'image'},
    prepare: ({title, content, media}) => ({
      title,
      subtitle: content === 'business' ? 'Edge Business' : content === 'hawaii' ? 'Edge Hawaii' : '教材未選択',
      media,
    }),
  },
})
