import {LaunchIcon} from '@sanity/icons/Launch'
import {defineField, defineType} from 'sanity'

import {noPriceText, pathOrUrl} from '../../lib/validation'

/** A button: label and a site path or an http(s) URL. */
export default defineType({
  name: 'callToAction',
  title: 'ボタン',
  type: 'object',
  icon: LaunchIcon,
  fields: [
    defineField({
      name: 'label',
      title: 'ボタンの文言',
      type: 'string',
      validation: (rule) => [
        rule.required(),
        rule.max(20).warning('ボタンの文言は20文字以内を推奨します。'),
        rule.custom(noPriceText),
      ],
    }),
    defineField({
      name: 'href',
      title: 'リンク先',
      type: 'string',
      description: 'サイト内パス（例: /plan/kodomo）または https:// で始まるURL',
      validation: (rule) => [rule.required(), rule.custom(pathOrUrl)],
    }),
  ],
  preview: {select: {title: 'label', subtitle: 'href'}},
})
