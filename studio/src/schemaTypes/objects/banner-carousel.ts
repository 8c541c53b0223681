import {ImagesIcon} from '@sanity/icons/Images'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'bannerCarousel',
  title: 'バナーカルーセル',
  type: 'object',
  icon: ImagesIcon,
  fields: [
    defineField({
      name: 'heading',
      title: '見出し（任意）',
      type: 'string',
      description: '画面には表示されず、カルーセルの読み上げ用ラベルとして使われる場合があります。',
      validation: (rule) => [rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'slides',
      title: 'スライド',
      type: 'array',
      of: [defineArrayMember({type: 'bannerSlide'})],
      validation: (rule) => [
        rule.required().min(1),
        rule.max(6).warning('スライドが多すぎると最後まで見られにくくなります。'),
      ],
    }),
  ],
  preview: {
    select: {heading: 'heading', slides: 'slides'},
    prepare: ({heading, slides}) => ({
      title: heading || 'バナーカルーセル',
      subtitle: `バナーカルーセル・${Array.isArray(slides) ? slides.length : 0}枚`,
    }),
  },
})
