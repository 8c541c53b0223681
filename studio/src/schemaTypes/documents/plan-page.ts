import {TagsIcon} from '@sanity/icons/Tags'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {seoField, textField} from '../../lib/fields'
import {MARKETING_BLOCK_TYPES} from '../../lib/sections'
import {PLAN_CATEGORIES, noPriceText, uniqueInType} from '../../lib/validation'

/** /plan/{category}: one document per category (kodomo, otona, esatj). */
export default defineType({
  name: 'planPage',
  title: 'プランページ',
  type: 'document',
  icon: TagsIcon,
  groups: [
    {name: 'content', title: 'コンテンツ', default: true},
    {name: 'seo', title: 'SEO'},
  ],
  fields: [
    defineField({
      name: 'category',
      title: 'カテゴリー',
      type: 'string',
      group: 'content',
      description: '「/plan/{カテゴリー}」で公開されます。カテゴリーごとに1ページだけ作成できます。',
      options: {list: PLAN_CATEGORIES, layout: 'radio'},
      validation: (rule) => [
        rule.required(),
        rule.custom(uniqueInType('planPage', 'category', 'このカテゴリーのプランページはすでにあります。')),
      ],
    }),
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      group: 'content',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    textField('lead', 'リード文', {max: 300, required: true, group: 'content'}),
    defineField({
      name: 'sections',
      title: 'セクション',
      type: 'array',
      group: 'content',
      description: '上から順に、料金を選ぶ画面（プラン選択）の前後に表示されます。',
      of: [...MARKETING_BLOCK_TYPES.map((type) => defineArrayMember({type})), defineArrayMember({type: 'faqSection'})],
      validation: (rule) => rule.required().min(1),
    }),
    seoField('seo'),
  ],
  preview: {
    select: {title: 'heading', category: 'category'},
    prepare: ({title, category}) => ({title, subtitle: category ? `/plan/${category}` : 'カテゴリー未選択'}),
  },
})
