import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { APP_VERSION } from '../../contract/constants'

export const DOCS_PREFIX = '/api/docs'

/**
 * OpenAPI generated from the same zod schemas the routes validate with (jsonSchemaTransform),
 * so the document cannot drift from the server. UI at /api/docs, JSON at /api/docs/json.
 * Must be registered before the routes so it sees them.
 */
export async function registerSwagger(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Seatwise storefront API',
        description: 'Every call of the storefront. POST calls need X-CSRF-TOKEN (from GET /api/token) and X-Requested-With: XMLHttpRequest. Failures answer {errorCode, errorText}.',
        version: APP_VERSION,
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX })
}
