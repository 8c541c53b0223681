import {TabletDeviceIcon} from '@sanity/icons/TabletDevice'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {headingField, imageField, planOptionIdsField, textField} from '../../lib/fields'

/** Musio ESAT-J の特長: the speaking-test course (app + workbooks, optional tablet rental). */
export default defineType({
  name: 'esatjFeaturesBlock',
  title: 'Musio ESAT-J の特長',
  type: 'object',
  icon: TabletDeviceIcon,
  fields: [
    headingField(),
    textField('lead', 'リード文', {max: 300, required: true}),
    defineField({
      name: 'features',
      title: '特長',
      type: 'array',
      of: [defineArrayMember({type: 'featurePoint'})],
      validation: (rule) => rule.required().min(1).max(6),
    }),
    imageField({name: 'image', title: 'イラスト・写真', required: true}),
    planOptionIdsField(
      'esatj',
      'ESAT-J_Plan_1〜3（アプリのみ: 1か月・3か月・12か月）、ESAT-J_Plan_4〜6（タブレットレンタル付き: 1か月・3か月・12か月）から選びます。',
    ),
    textField('note', '注記（任意）', {max: 400}),
    defineField({name: 'cta', title: 'ボタン（任意）', type: 'callToAction'}),
  ],
  preview: {
    select: {title: 'heading', media: 'image'},
    prepare: ({title, media}) => ({title: title || 'Musio ESAT-J の特長', subtitle: 'Musio ESAT-J の特長', media}),
  },
})
