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
      // The operator console's calls (/api/admin, issue 17): a signed-in operator's cookie, or an
      // integration's API token as a bearer token.
      components: {
        securitySchemes: {
          operatorCookie: { type: 'apiKey', in: 'cookie', name: 'sw_op' },
          apiToken: { type: 'http', scheme: 'bearer', description: 'An API token (sw_…) made in the console; it may do what its role may.' },
        },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX })
}
