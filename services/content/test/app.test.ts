import { testServiceBasics } from '@hearing/infra/testing'
import t from 'tap'
import { kit } from './helper.js'

testServiceBasics(t, kit, { postgres: 'up', schema: 'up' })
