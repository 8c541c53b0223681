import {EarthGlobeIcon} from '@sanity/icons/EarthGlobe'
import {defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'mediaItem',
  title: '掲載記事',
  type: 'object',
  icon: EarthGlobeIcon,
  fields: [
    defineField({
      name: 'outlet',
      title: '媒体名',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(60)],
    }),
    defineField({
      name: 'title',
      title: '記事タイトル',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(120), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'publishedAt',
      title: '掲載日',
      type: 'date',
      options: {dateFormat: 'YYYY-MM-DD'},
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'url',
      title: '記事のURL（任意）',
      type: 'url',
      validation: (rule) => rule.uri({scheme: ['https', 'http']}),
    }),
  ],
  preview: {
    select: {title: 'title', outlet: 'outlet', date: 'publishedAt'},
    prepare: ({title, outlet, date}) => ({
      title,
      subtitle: [outlet, date].filter(Boolean).join('・'),
    }),
  },
})
