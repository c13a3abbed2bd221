import { describe, expect, it } from 'vitest'
import { MAX_SEATS_DRAWN } from '../../../src/engine/lod/lod'
import { BUDGET_BACKOFF, BUDGET_WINDOW, classifyRenderer, HARDWARE_SEAT_BUDGET, SeatBudget, SLOW_CAMERA_LATENCY_MS } from '../../../src/engine/lod/seatBudget'

describe('the GPU class from the renderer name', () => {
  it('software rasterisers are software, named GPUs hardware, masked or missing names unknown', () => {
    expect(classifyRenderer('ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)')).toBe('software')
    expect(classifyRenderer('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe('software')
    expect(classifyRenderer('Microsoft Basic Render Driver')).toBe('software')
    expect(classifyRenderer('ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)')).toBe('hardware')
    expect(classifyRenderer('Mali-G52')).toBe('hardware')
    expect(classifyRenderer('Adreno (TM) 610')).toBe('hardware')
    expect(classifyRenderer('Apple GPU')).toBe('hardware')
    expect(classifyRenderer('WebKit WebGL')).toBe('unknown')
    expect(classifyRenderer('')).toBe('unknown')
    expect(classifyRenderer(null)).toBe('unknown')
  })
})

describe('the device seat budget', () => {
  it('starts at the software budget, rises once for a hardware GPU, and stays for software or unknown', () => {
    const b = new SeatBudget()
    expect(b.value).toBe(MAX_SEATS_DRAWN)
    expect(b.setGpu('unknown')).toBe(false)
    expect(b.setGpu('hardware')).toBe(true)
    expect(b.value).toBe(HARDWARE_SEAT_BUDGET)
    // The same renderer reports with every frame: nothing changes again.
    expect(b.setGpu('hardware')).toBe(false)
    const s = new SeatBudget()
    expect(s.setGpu('software')).toBe(false)
    expect(s.value).toBe(MAX_SEATS_DRAWN)
    expect(s.gpuClass).toBe('software')
  })

  it('a window of slow camera moves lowers the budget to a share of the seats drawn; fast ones change nothing', () => {
    const b = new SeatBudget()
    b.setGpu('hardware')
    for (let i = 0; i < BUDGET_WINDOW; i++) expect(b.observe(17, 90_000)).toBe(false)
    expect(b.value).toBe(HARDWARE_SEAT_BUDGET)
    // One slow move in a window is a hiccup, not a slow GPU (the window's 90th percentile).
    for (let i = 0; i < BUDGET_WINDOW; i++) expect(b.observe(i === 3 ? 400 : 17, 90_000)).toBe(false)
    expect(b.value).toBe(HARDWARE_SEAT_BUDGET)
    for (let i = 0; i < BUDGET_WINDOW - 1; i++) expect(b.observe(SLOW_CAMERA_LATENCY_MS + 30, 90_000)).toBe(false)
    expect(b.observe(SLOW_CAMERA_LATENCY_MS + 30, 90_000)).toBe(true)
    expect(b.value).toBe(Math.floor(90_000 * BUDGET_BACKOFF))
  })

  it('never goes below the software budget and never rises again', () => {
    const b = new SeatBudget()
    b.setGpu('hardware')
    for (let i = 0; i < BUDGET_WINDOW; i++) b.observe(200, 30_000)
    expect(b.value).toBe(MAX_SEATS_DRAWN)
    // Frames at or under the software budget say nothing about it: not sampled.
    for (let i = 0; i < 3 * BUDGET_WINDOW; i++) expect(b.observe(500, MAX_SEATS_DRAWN)).toBe(false)
    expect(b.value).toBe(MAX_SEATS_DRAWN)
    // A later report of the GPU class does not undo the measurement.
    expect(b.setGpu('hardware')).toBe(false)
    expect(b.value).toBe(MAX_SEATS_DRAWN)
  })
})
