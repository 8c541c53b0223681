import {ConfettiIcon} from '@sanity/icons/Confetti'
import {defineField, defineType} from 'sanity'

import {headingField, imageField, textField} from '../../lib/fields'

/** A wide banner for an event or campaign, with an optional display period. */
export default defineType({
  name: 'eventBanner',
  title: 'イベントバナー',
  type: 'object',
  icon: ConfettiIcon,
  fields: [
    headingField('見出し', 40),
    textField('body', '本文', {max: 160, required: true}),
    imageField({
      name: 'image',
      title: 'バナー画像',
      description: '横長の画像を推奨します（例: 1200×400 ピクセル）。',
      required: true,
    }),
    defineField({name: 'cta', title: 'ボタン', type: 'callToAction', validation: (rule) => rule.required()}),
    defineField({
      name: 'startsOn',
      title: '掲載開始日（任意）',
      type: 'date',
      description: '設定すると、この日より前のビルドではバナーを表示しません。',
    }),
    defineField({
      name: 'endsOn',
      title: '掲載終了日（任意）',
      type: 'date',
      description: '設定すると、この日の翌日以降のビルドではバナーを表示しません。',
      validation: (rule) =>
        rule.custom((endsOn: string | undefined, context) => {
          const startsOn = (context.parent as {startsOn?: string} | undefined)?.startsOn
          return endsOn && startsOn && endsOn < startsOn ? '掲載終了日は掲載開始日以降にしてください。' : true
        }),
    }),
  ],
  preview: {
    select: {title: 'heading', startsOn: 'startsOn', endsOn: 'endsOn', media: 'image'},
    prepare: ({title, startsOn, endsOn, media}) => ({
      title: title || 'イベントバナー',
      subtitle: startsOn || endsOn ? `イベントバナー・${startsOn ?? ''}〜${endsOn ?? ''}` : 'イベントバナー',
      media,
    }),
  },
})
