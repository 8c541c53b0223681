import {ErrorScreenIcon} from '@sanity/icons/ErrorScreen'
import {defineField, defineType} from 'sanity'

import {seoField, textField} from '../../lib/fields'
import {noPriceText} from '../../lib/validation'

/** Singleton `errorPage` (/error, shown to visitors outside Japan). Optional: the site has a fallback. */
export default defineType({
  name: 'errorPage',
  title: 'エラーページ（国外からのアクセス）',
  type: 'document',
  icon: ErrorScreenIcon,
  fields: [
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      description: '例: Sorry, Not available in your country',
      validation: (rule) => [rule.required(), rule.max(80), rule.custom(noPriceText)],
    }),
    textField('body', '説明（日本語）', {max: 400, required: true, rows: 4}),
    defineField({name: 'cta', title: 'ボタン（任意）', type: 'callToAction'}),
    seoField(),
  ],
  preview: {select: {title: 'heading'}, prepare: ({title}) => ({title, subtitle: '/error'})},
})
