import {defineField} from 'sanity'

import {headingField, imageField, planOptionIdsField, pointsField, textField} from './fields'
import type {PlanOptionGroup} from './validation'

/**
 * Fields of the plan marketing blocks (basic, kids, family): copy, an illustration and the plans
 * they talk about, by catalogue option id. The site renders the tax-included price of each id.
 */
export function planBlockFields(group: PlanOptionGroup, idsDescription: string) {
  return [
    headingField(),
    textField('lead', 'リード文', {max: 300, required: true}),
    pointsField('プランのポイント', {min: 1, max: 6}),
    imageField({name: 'image', title: 'イラスト・写真', required: true}),
    planOptionIdsField(group, idsDescription),
    textField('note', '注記（任意）', {max: 400}),
    defineField({name: 'cta', title: 'ボタン（任意）', type: 'callToAction'}),
  ]
}

export function planBlockPreview(fallback: string) {
  return {
    select: {title: 'heading', ids: 'planOptionIds', media: 'image'},
    prepare: ({title, ids, media}: {title?: string; ids?: string[]; media?: unknown}) => ({
      title: title || fallback,
      subtitle: `${fallback}・${Array.isArray(ids) ? ids.join(', ') : ''}`,
      media: media as never,
    }),
  }
}
