import {CaseIcon} from '@sanity/icons/Case'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {headingField, textField} from '../../lib/fields'

/** おとなプラン: the Edge Hawaii and Edge Business courses (3 or 12 months; 4, 8, 30 or 60 lessons). */
export default defineType({
  name: 'adultPlansBlock',
  title: 'おとなプラン（Hawaii・Business）',
  type: 'object',
  icon: CaseIcon,
  fields: [
    headingField(),
    textField('lead', 'リード文', {max: 300, required: true}),
    defineField({
      name: 'courses',
      title: 'コース',
      type: 'array',
      of: [defineArrayMember({type: 'adultCourse'})],
      validation: (rule) => [
        rule.required().min(1).max(2),
        rule.custom((courses) => {
          const contents = (courses ?? []).map((c) => (c as {content?: string}).content).filter(Boolean)
          return new Set(contents).size === contents.length ? true : '同じ教材のコースが重複しています。'
        }),
      ],
    }),
    textField('note', '注記（任意）', {max: 400}),
    defineField({name: 'cta', title: 'ボタン（任意）', type: 'callToAction'}),
  ],
  preview: {
    select: {title: 'heading', courses: 'courses'},
    prepare: ({title, courses}) => ({
      title: title || 'おとなプラン',
      subtitle: `おとなプラン・${Array.isArray(courses) ? courses.length : 0}コース`,
    }),
  },
})
