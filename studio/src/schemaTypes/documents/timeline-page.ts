import {CalendarIcon} from '@sanity/icons/Calendar'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {seoField, textField} from '../../lib/fields'
import {TIMELINE_AUDIENCES, noPriceText, uniqueInType} from '../../lib/validation'

/**
 * The registration flow explained per audience: /timeline (audience "default"),
 * /timeline/kids, /timeline/adult, /timeline/musio_esatj. The site reads it as `slug`
 * ("" for the default page).
 */
export default defineType({
  name: 'timelinePage',
  title: 'ご利用の流れ',
  type: 'document',
  icon: CalendarIcon,
  groups: [
    {name: 'content', title: 'コンテンツ', default: true},
    {name: 'seo', title: 'SEO'},
  ],
  fields: [
    defineField({
      name: 'audience',
      title: '対象（URL）',
      type: 'string',
      group: 'content',
      options: {list: TIMELINE_AUDIENCES, layout: 'radio'},
      validation: (rule) => [
        rule.required(),
        rule.custom(uniqueInType('timelinePage', 'audience', 'この対象の「ご利用の流れ」はすでにあります。')),
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
      name: 'steps',
      title: 'ステップ',
      type: 'array',
      group: 'content',
      of: [defineArrayMember({type: 'timelineStep'})],
      validation: (rule) => [rule.required().min(3), rule.max(10).warning('ステップが多すぎると読みにくくなります。')],
    }),
    defineField({name: 'cta', title: 'ボタン（任意）', type: 'callToAction', group: 'content'}),
    seoField('seo'),
  ],
  preview: {
    select: {title: 'heading', audience: 'audience'},
    prepare: ({title, audience}) => ({
      title,
      subtitle: TIMELINE_AUDIENCES.find((a) => a.value === audience)?.title ?? '対象未選択',
    }),
  },
})
