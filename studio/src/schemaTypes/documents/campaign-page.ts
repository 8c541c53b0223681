import {BasketIcon} from '@sanity/icons/Basket'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {imageField, seoField, textField} from '../../lib/fields'
import {httpsUrl, noPriceText} from '../../lib/validation'

/** Singleton `campaignPage` (/campaign and /campaign-landing): the mask sale. */
export default defineType({
  name: 'campaignPage',
  title: 'キャンペーン',
  type: 'document',
  icon: BasketIcon,
  groups: [
    {name: 'content', title: 'コンテンツ', default: true},
    {name: 'product', title: '商品・申込み'},
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
    textField('lead', 'リード文', {max: 300, required: true, group: 'content'}),
    imageField({name: 'image', title: 'メイン画像', required: true, group: 'content'}),
    defineField({
      name: 'body',
      title: '本文',
      type: 'richText',
      group: 'content',
      description: '価格は書かないでください。商品の価格（税抜の数値）から税込価格をサイトが表示します。',
      validation: (rule) => rule.required().min(1),
    }),
    defineField({
      name: 'product',
      title: '商品',
      type: 'campaignProduct',
      group: 'product',
      validation: (rule) => rule.required(),
    }),
    defineField({
      name: 'applyUrl',
      title: '申込みフォームのURL',
      type: 'url',
      group: 'product',
      description: '外部の申込みフォーム（https:// で始まるURL）。新しいタブで開きます。',
      validation: (rule) => [rule.required().uri({scheme: ['https']}), rule.custom(httpsUrl)],
    }),
    defineField({
      name: 'applyLabel',
      title: '申込みボタンの文言',
      type: 'string',
      group: 'product',
      validation: (rule) => [rule.required(), rule.max(20), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'faq',
      title: 'よくある質問',
      type: 'array',
      group: 'content',
      of: [defineArrayMember({type: 'faqItem'})],
      validation: (rule) => rule.required().min(1),
    }),
    seoField('seo'),
  ],
  preview: {
    select: {title: 'heading', media: 'image'},
    prepare: ({title, media}) => ({title, subtitle: '/campaign・/campaign-landing', media}),
  },
})
