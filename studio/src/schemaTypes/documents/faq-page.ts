import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {seoField, textField} from '../../lib/fields'
import {FAQ_AUDIENCES, noPriceText} from '../../lib/validation'

/** Singleton `faqPage` (/faq, and the accordion on /mypagere): three groups of questions. */
export default defineType({
  name: 'faqPage',
  title: 'よくある質問',
  type: 'document',
  icon: HelpCircleIcon,
  groups: [
    {name: 'content', title: 'コンテンツ', default: true},
    {name: 'seo', title: 'SEO'},
  ],
  fields: [
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      group: 'content',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    textField('lead', 'リード文（任意）', {max: 300, group: 'content'}),
    defineField({
      name: 'groups',
      title: '質問グループ',
      type: 'array',
      group: 'content',
      description: '「共通」「キッズ・おとなプランをご利用の方」「Musio ESAT-Jをご利用の方」の3つを1つずつ作成します。',
      of: [defineArrayMember({type: 'faqGroup'})],
      validation: (rule) => [
        rule.required().min(1),
        rule.custom((groups) => {
          const audiences = (groups ?? []).map((g) => (g as {audience?: string}).audience).filter(Boolean)
          if (new Set(audiences).size !== audiences.length) return '同じ対象の質問グループが重複しています。'
          const missing = FAQ_AUDIENCES.filter((a) => !audiences.includes(a.value)).map((a) => a.title)
          return missing.length === 0 ? true : `質問グループが足りません: ${missing.join('、')}`
        }),
      ],
    }),
    seoField('seo'),
  ],
  preview: {prepare: () => ({title: 'よくある質問', subtitle: '/faq・/mypagere'})},
})
