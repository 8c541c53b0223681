import {SearchIcon} from '@sanity/icons/Search'
import {defineField, defineType} from 'sanity'

import {imageField} from '../../lib/fields'

/** Every page type carries one (`seo` field). Share image falls back to siteSettings.defaultSeo. */
export default defineType({
  name: 'seo',
  title: 'SEO',
  type: 'object',
  icon: SearchIcon,
  options: {collapsible: true, collapsed: false},
  fields: [
    defineField({
      name: 'title',
      title: 'タイトル（title タグ）',
      type: 'string',
      description: '検索結果とブラウザのタブに表示されます。60文字以内を推奨します。',
      validation: (rule) => [
        rule.required().error('SEO タイトルは必須です。'),
        rule.max(60).warning('60文字を超えると検索結果で省略される場合があります。'),
      ],
    }),
    defineField({
      name: 'description',
      title: '説明文（meta description）',
      type: 'text',
      rows: 3,
      description: '検索結果やSNSでのシェア時に表示されます。160文字以内を推奨します。',
      validation: (rule) => [
        rule.required().error('SEO 説明文は必須です。'),
        rule.max(160).warning('160文字を超えると検索結果で省略される場合があります。'),
      ],
    }),
    imageField({
      name: 'shareImage',
      title: 'シェア画像（任意）',
      description:
        'SNSでシェアされたときに表示される画像です（推奨 1200×630 ピクセル、PNG または JPEG）。未設定の場合はサイト設定の画像を使います。',
    }),
  ],
})
