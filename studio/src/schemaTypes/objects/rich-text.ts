import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceInBlocks} from '../../lib/validation'

/**
 * Portable Text for page bodies (campaign, news): paragraphs, h2/h3, bullet and numbered lists,
 * bold and links — the same marks as the legal pages, so the site's renderer handles both.
 */
export default defineType({
  name: 'richText',
  title: '本文',
  type: 'array',
  of: [
    defineArrayMember({
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
                description: 'https://…、mailto:…、tel:… またはサイト内パス（/faq など）',
                validation: (rule) =>
                  rule.required().uri({scheme: ['https', 'http', 'mailto', 'tel'], allowRelative: true}),
              }),
            ],
          }),
        ],
      },
    }),
  ],
  validation: (rule) => rule.custom(noPriceInBlocks),
})
