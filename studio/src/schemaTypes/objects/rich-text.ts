import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceInBlocks} from '../../lib/validation'

/**
 * A paragraph of page text: normal, h2 or h3, bullet and numbered lists, bold and links. The
 * campaign and news bodies (richText below) and the legal pages' body share it, so the site's one
 * renderer handles both.
 */
export const bodyBlock = defineArrayMember({
  type: 'block',
  styles: [
    {title: '本文', value: 'normal'},
    {title: '見出し2', value: 'h2'},
    {title: '見出し3', value: 'h3'},
  ],
  lists: [
    {title: '箇条書き', value: 'bullet'},
    {title: '番号付きリスト', value: 'number'},
  ],
  marks: {
    decorators: [{title: '太字', value: 'strong'}],
    annotations: [
      defineArrayMember({
        name: 'link',
        title: 'リンク',
        type: 'object',
        fields: [
          defineField({
            name: 'href',
            title: 'リンク先',
            type: 'url',
            description: 'https://…、mailto:…、tel:… またはサイト内パス（/faq、/privacy など）',
            validation: (rule) =>
              rule.required().uri({scheme: ['https', 'http', 'mailto', 'tel'], allowRelative: true}),
          }),
        ],
      }),
    ],
  },
})

/** Portable Text for page bodies (campaign, news): no prices in the text (they come from the catalogue). */
export default defineType({
  name: 'richText',
  title: '本文',
  type: 'array',
  of: [bodyBlock],
  validation: (rule) => rule.custom(noPriceInBlocks),
})
