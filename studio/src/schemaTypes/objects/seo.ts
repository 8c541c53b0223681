import {SearchIcon} from '@sanity/icons/Search'
import {defineField, defineType} from 'sanity'

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
  ],
})
