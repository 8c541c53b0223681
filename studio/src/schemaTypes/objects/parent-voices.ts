import {UsersIcon} from '@sanity/icons/Users'
import {defineArrayMember, defineField, defineType} from 'sanity'

import {noPriceText} from '../../lib/validation'

export default defineType({
  name: 'parentVoices',
  title: '保護者の声',
  type: 'object',
  icon: UsersIcon,
  fields: [
    defineField({
      name: 'heading',
      title: '見出し',
      type: 'string',
      validation: (rule) => [rule.required(), rule.max(60), rule.custom(noPriceText)],
    }),
    defineField({
      name: 'voices',
      title: 'コメント',
      type: 'array',
      of: [defineArrayMember({type: 'parentVoice'})],
      validation: (rule) => rule.required().min(1),
    }),
  ],
  preview: {
    select: {title: 'heading', voices: 'voices'},
    prepare: ({title, voices}) => ({
      title: title || '保護者の声',
      subtitle: `保護者の声・${Array.isArray(voices) ? voices.length : 0}件`,
    }),
  },
})
