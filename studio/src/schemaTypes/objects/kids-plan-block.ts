import {FaceHappyIcon} from '@sanity/icons/FaceHappy'
import {defineType} from 'sanity'

import {planBlockFields, planBlockPreview} from '../../lib/plan-block'

/** キッズプラン (package type "kids"): 12 months only. */
export default defineType({
  name: 'kidsPlanBlock',
  title: 'キッズプラン',
  type: 'object',
  icon: FaceHappyIcon,
  fields: planBlockFields('kids', 'キッズプランのオプションIDは ME_Plan_3_1（12か月）です。'),
  preview: planBlockPreview('キッズプラン'),
})
