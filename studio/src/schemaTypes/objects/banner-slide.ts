import {ImageIcon} from '@sanity/icons/Image'
import {defineField, defineType} from 'sanity'

import {imageField} from '../../lib/fields'
import {noPriceText, pathOrUrl} from '../../lib/validation'

export default defineType({
  name: 'bannerSlide',
  title: 'バナースライド',
  type: 'object',
  icon: ImageIcon,
  fields: [
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      validation: (rule) => [
        rule.required(),
        rule.max(40).warning('スマートフォンでは40文字程度までが読みやすい長さです。'),
        rule.custom(noPriceText),
      ],
    }),
    defineField({
      name: 'body',
      title: '本文',
      type: 'text',
      rows: 3,
      validation: (rule) => [
        rule.required(),
        rule.max(120).warning('バナーの本文は120文字以内を推奨します。'),
        rule.custom(noPriceText),
      ],
    }),
    defineField({
      name: 'ctaLabel',
      title: 'ボタンの文言',
      type: 'string',
      validation: (rule) => [
        rule.required(),
        rule.max(20).warning('ボタンの文言は20文字以内を推奨します。'),
        rule.custom(noPriceText),
      ],
    }),
    defineField({
      name: 'ctaHref',
      title: 'ボタンのリンク先',
      type: 'string',
      description: 'サイト内パス（例: /plan/kodomo）または https:// で始まるURL',
      validation: (rule) => [rule.required(), rule.custom(pathOrUrl)],
    }),
    imageField({
      name: 'image',
      title: 'イラスト・写真（任意）',
      description: 'スライドに添える画像です（推奨 横640ピクセル以上）。',
    }),
  ],
  preview: {
    select: {title: 'heading', subtitle: 'ctaHref', media: 'image'},
  },
})
