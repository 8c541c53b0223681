import {PackageIcon} from '@sanity/icons/Package'
import {defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

/**
 * The campaign product (not a plan, so not in the catalogue). Its price is a NUMBER before tax;
 * the site shows it tax included. Never write the price into any text field.
 */
export default defineType({
  name: 'campaignProduct',
  title: 'キャンペーン商品',
  type: 'object',
  icon: PackageIcon,
  fields: [
    defineField({
      name: 'name',
      title: '商品名',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'piecesPerBox',
      title: '1箱あたりの枚数',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1).max(1000),
    }),
    defineField({
      name: 'priceBeforeTax',
      title: '価格（税抜・円）',
      type: 'number',
      description: '数字のみ（例: 1500）。サイトでは消費税10％を加えた税込価格で表示します。',
      validation: (rule) => rule.required().integer().min(1).max(1_000_000),
    }),
    defineField({
      name: 'limitPerHousehold',
      title: '1世帯あたりの購入上限（箱）',
      type: 'number',
      validation: (rule) => rule.required().integer().min(1).max(99),
    }),
  ],
  preview: {
    select: {title: 'name', pieces: 'piecesPerBox', limit: 'limitPerHousehold'},
    prepare: ({title, pieces, limit}) => ({title, subtitle: `${pieces ?? '?'}枚入り・1世帯${limit ?? '?'}箱まで`}),
  },
})
