import { describe, expect, it } from 'vitest'
import { loadInStages } from '../../../src/app/boot/stages'

describe('loadInStages', () => {
  it('runs the stages in order, each after a timer task (a yield to the browser), and answers the last one', async () => {
    const log: string[] = []
    // A timer queued before the load runs between stage 1 and stage 2 only if the loader yields.
    const stage = (name: string) => async () => {
      log.push(name)
      if (name === 'one') setTimeout(() => log.push('timer'), 0)
    }
    const answer = await loadInStages([stage('one'), stage('two')], async () => {
      log.push('last')
      return 42
    })
    expect(answer).toBe(42)
    expect(log).toEqual(['one', 'timer', 'two', 'last'])
  })
})
