import {HelpCircleIcon} from '@sanity/icons/HelpCircle'
import {defineArrayMember, defineField, defineType} from 'sanity'

/** One category of the support form, with the titles offered once it is chosen. */
export default defineType({
  name: 'supportCategory',
  title: 'お問い合わせの種類',
  type: 'object',
  icon: HelpCircleIcon,
  fields: [
    defineField({
      name: 'name',
      title: '種類',
      type: 'string',
      description: '例: お支払いについて',
      validation: (rule) => rule.required().max(40),
    }),
    defineField({
      name: 'titles',
      title: '件名の選択肢',
      type: 'array',
      description: 'この種類を選んだ方に表示する件名です。最後に「その他」を入れておくと、どれにも当てはまらない方が選べます。',
      of: [defineArrayMember({type: 'string', validation: (rule) => rule.required().max(60)})],
      validation: (rule) => rule.required().min(1).unique(),
    }),
  ],
  preview: {
    select: {title: 'name', titles: 'titles'},
    prepare: ({title, titles}) => ({
      title: title || '（種類なし）',
      subtitle: Array.isArray(titles) ? titles.join(' / ') : '件名未設定',
    }),
  },
})
