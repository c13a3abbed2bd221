import { describe, expect, it } from 'vitest'
import { chooseGpuApi } from '../../../src/engine/render/gpuApi'

/** A navigator.gpu stand-in that answers requestAdapter with `adapter` and counts the calls. */
function gpuWith(adapter: object | null) {
  const gpu = {
    calls: 0,
    requestAdapter: () => {
      gpu.calls++
      return Promise.resolve(adapter)
    },
  }
  return gpu
}

describe('chooseGpuApi', () => {
  it("'webgl' never asks for an adapter", async () => {
    const gpu = gpuWith({})
    expect(await chooseGpuApi('webgl', gpu)).toBe('webgl')
    expect(gpu.calls).toBe(0)
  })

  it("'auto' takes WebGPU only on a hardware adapter", async () => {
    expect(await chooseGpuApi('auto', undefined)).toBe('webgl')
    expect(await chooseGpuApi('auto', gpuWith(null))).toBe('webgl')
    expect(await chooseGpuApi('auto', gpuWith({ info: { isFallbackAdapter: true } }))).toBe('webgl')
    expect(await chooseGpuApi('auto', gpuWith({ isFallbackAdapter: true }))).toBe('webgl')
    expect(await chooseGpuApi('auto', gpuWith({ info: { isFallbackAdapter: false } }))).toBe('webgpu')
  })

  it("'auto' falls back to WebGL when asking for an adapter fails", async () => {
    expect(await chooseGpuApi('auto', { requestAdapter: () => Promise.reject(new Error('blocked')) })).toBe('webgl')
  })

  it("'webgpu' takes any adapter, a software one too, and fails without one", async () => {
    expect(await chooseGpuApi('webgpu', gpuWith({ info: { isFallbackAdapter: true } }))).toBe('webgpu')
    await expect(chooseGpuApi('webgpu', gpuWith(null))).rejects.toThrow(/WebGPU is not available/)
    await expect(chooseGpuApi('webgpu', undefined)).rejects.toThrow(/WebGPU is not available/)
  })
})
