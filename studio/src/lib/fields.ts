/**
 * Field builders shared by several schema types, so the same field behaves the same everywhere.
 * Image fields are stored as Sanity's own `image` type (`{_type: "image", asset, alt, caption?}`)
 * because the site's GROQ dereferences `image.asset->` regardless of where the image sits.
 */
import {defineArrayMember, defineField} from 'sanity'

import {altWhenImage, noPriceText, planOptionIdIn, type PlanOptionGroup} from './validation'

const altField = defineField({
  name: 'alt',
  title: '代替テキスト',
  type: 'string',
  description: '画像の内容を短く説明してください（スクリーンリーダーで読み上げられ、画像が表示できないときに表示されます）。',
  validation: (rule) => [rule.custom(altWhenImage), rule.max(120).warning('代替テキストは120文字以内を推奨します。')],
})

const captionField = defineField({
  name: 'caption',
  title: 'キャプション（任意）',
  type: 'string',
  validation: (rule) => [rule.max(80), rule.custom(noPriceText)],
})

interface ImageFieldOptions {
  name: string
  title: string
  description?: string
  required?: boolean
  caption?: boolean
  group?: string
}

/** An image with required alt text (and an optional caption). */
export function imageField({name, title, description, required = false, caption = false, group}: ImageFieldOptions) {
  return defineField({
    name,
    title,
    type: 'image',
    description,
    group,
    options: {hotspot: true},
    fields: caption ? [altField, captionField] : [altField],
    validation: (rule) => (required ? rule.required().assetRequired() : rule.custom(imageHasAsset)),
  })
}

/** The same image as an array member (galleries). */
export function imageMember(options: {caption?: boolean} = {}) {
  return defineArrayMember({
    type: 'image',
    options: {hotspot: true},
    fields: options.caption ? [altField, captionField] : [altField],
    validation: (rule) => rule.required().assetRequired(),
  })
}

/** An optional image that was touched (alt typed) but has no file yet is an error. */
function imageHasAsset(value: unknown): true | string {
  const image = value as {asset?: unknown; alt?: string} | undefined
  if (image && !image.asset && image.alt) return '画像ファイルを選択するか、代替テキストを削除してください。'
  return true
}

/** Plan option ids of one catalogue group, shown in the order given, without duplicates. */
export function planOptionIdsField(group: PlanOptionGroup, description: string) {
  return defineField({
    name: 'planOptionIds',
    title: '対象プラン（オプションID）',
    type: 'array',
    description: `${description} 料金は文章に書かず、ここで指定したプランの税込価格をサイトがプランカタログから表示します。`,
    of: [defineArrayMember({type: 'string', validation: (rule) => [rule.required(), rule.custom(planOptionIdIn(group))]})],
    options: {layout: 'tags'},
    validation: (rule) => rule.required().min(1).unique(),
  })
}

/** Heading used by every section: required, short, no price. */
export function headingField(title = '見出し', max = 60) {
  return defineField({
    name: 'heading',
    title,
    type: 'string',
    validation: (rule) => [rule.required(), rule.max(max), rule.custom(noPriceText)],
  })
}

/** Multi-line copy: `required` makes it mandatory; never holds a price. */
export function textField(
  name: string,
  title: string,
  {max, required = false, rows = 3, group, description}: {max: number; required?: boolean; rows?: number; group?: string; description?: string},
) {
  return defineField({
    name,
    title,
    type: 'text',
    rows,
    group,
    description,
    validation: (rule) => (required ? [rule.required(), rule.max(max), rule.custom(noPriceText)] : [rule.max(max), rule.custom(noPriceText)]),
  })
}

/** Short bullet points (array of strings). */
export function pointsField(title = 'ポイント', {min = 1, max = 6}: {min?: number; max?: number} = {}) {
  return defineField({
    name: 'points',
    title,
    type: 'array',
    of: [defineArrayMember({type: 'string', validation: (rule) => [rule.required(), rule.max(80), rule.custom(noPriceText)]})],
    validation: (rule) => rule.required().min(min).max(max),
  })
}

/** The SEO object every page type carries. */
export function seoField(group?: string) {
  return defineField({
    name: 'seo',
    title: 'SEO',
    type: 'seo',
    group,
    validation: (rule) => rule.required(),
  })
}
