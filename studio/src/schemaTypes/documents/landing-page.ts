import {HomeIcon} from '@sanity/icons/Home'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {MARKETING_BLOCK_TYPES} from '../../lib/sections'
import {LANDING_PAGE_PATHS} from '../../lib/validation'

/** The landing page served at "/" has this fixed _id. */
export const HOME_LANDING_PAGE_ID = 'landing-home'

/**
 * Landing pages have fixed ids (see LANDING_PAGE_PATHS): landing-home (/), landing-kids (/kids),
 * landing-adult (/adult), landing-musio-esatj (/musio_esatj). They are opened from the desk
 * structure, never created freely.
 */
export default defineType({
  name: 'landingPage',
  title: 'ランディングページ',
  type: 'document',
  icon: HomeIcon,
  groups: [
    {name: 'content', title: 'コンテンツ', default: true},
    {name: 'seo', title: 'SEO'},
  ],
  fields: [
    defineField({
      name: 'title',
      title: 'ページ名（管理用）',
      type: 'string',
      group: 'content',
      validation: (rule) => rule.required().max(80),
    }),
    defineField({
      name: 'seo',
      title: 'SEO',
      type: 'seo',
      group: 'seo',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'sections',
      title: 'セクション',
      type: 'array',
      group: 'content',
      description: '上から順にページに表示されます。',
      of: [
        defineArrayMember({type: 'bannerCarousel'}),
        defineArrayMember({type: 'featurePoints'}),
        defineArrayMember({type: 'lessonContents'}),
        defineArrayMember({type: 'parentVoices'}),
        defineArrayMember({type: 'priceOverview'}),
        defineArrayMember({type: 'functionList'}),
        defineArrayMember({type: 'mediaCoverage'}),
        defineArrayMember({type: 'faqSection'}),
        ...MARKETING_BLOCK_TYPES.map((type) => defineArrayMember({type})),
      ],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'title', id: '_id', sections: 'sections'},
    prepare: ({title, id, sections}) => {
      const publishedId = typeof id === 'string' ? id.replace(/^drafts\./, '') : ''
      const path =
        publishedId === HOME_LANDING_PAGE_ID ? '/（トップページ）' : ((LANDING_PAGE_PATHS as Record<string, string>)[publishedId] ?? publishedId)
      const count = Array.isArray(sections) ? sections.length : 0
      return {title, subtitle: `${path}・${count}セクション`}
    },
  },
})
