import {RobotIcon} from '@sanity/icons/Robot'
import {defineType} from 'sanity'

import {planBlockFields, planBlockPreview} from '../../lib/plan-block'

/** ベーシックプラン (package type "original"): 1, 3 or 12 months; 4, 8, 30 or 60 lessons a month. */
export default defineType({
  name: 'basicPlanBlock',
  title: 'ベーシックプラン',
  type: 'object',
  icon: RobotIcon,
  fields: planBlockFields('basic', 'ME_Plan_1（1か月）、ME_Plan_2（3か月）、ME_Plan_3（12か月）から選びます。'),
  preview: planBlockPreview('ベーシックプラン'),
})
