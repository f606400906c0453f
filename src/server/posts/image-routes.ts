import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { imageFormSchema } from '../../shared/contract/posts';
import { documentBody } from '../http/api-document';
import { HttpError } from '../http/errors';
import { uploadsAddress, type ImageStorage } from '../storage/image-storage';
import { processImage, UNSUPPORTED_IMAGE_MESSAGE } from '../storage/process-image';
import { intrinsicSize } from './image-sizes';
import { asClientError, MULTIPART_LIMITS } from './post-form';
import { imageSchema } from './schemas';

const NOT_MULTIPART = 'Send the image as multipart/form-data in the field "image".';


/**
 * `POST /api/images`: an image for a post's content, through
 * the same checks, limits, metadata stripping and WebP versions as a post's own image. Nothing
 * names it yet: the sweep removes it a day after upload unless a post's content does by then.
 * `images` records its size, for a post that names it without the editor's fragment.
 */
export async function imageRoutes(app: FastifyInstance, images: ImageStorage): Promise<void> {
  await app.register(async (plain) => {
    const forms = plain.withTypeProvider<TypeBoxTypeProvider>();
    await forms.register(multipart, { limits: MULTIPART_LIMITS, throwFileSizeLimit: true });
    forms.post('/images', { schema: imageSchema, config: { swaggerTransform: documentBody({ 'multipart/form-data': imageFormSchema }) }, preHandler: app.authenticate }, async (request, reply) => {
      const files = await processImage(await readImage(request));
      const size = await intrinsicSize(files[0]!.data);
      const key = await images.save(files);
      return reply.status(201).send({ url: uploadsAddress(key), ...size!, alt: '' });
    });
  });
}

async function readImage(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new HttpError(415, NOT_MULTIPART);
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      // Read to the end whatever happens, or the parser stalls.
      const data = await part.toBuffer();
      if (part.fieldname !== 'image') throw new HttpError(400, `Unexpected file in field "${part.fieldname}"; only image takes a file.`);
      if (image) throw new HttpError(400, 'Send at most one image.');
      image = data;
    }
  } catch (error) {
    throw asClientError(error);
  }
  if (!image) throw new HttpError(400, 'Send the image in the field "image".');
  if (image.length === 0) throw new HttpError(415, `The image is empty. ${UNSUPPORTED_IMAGE_MESSAGE}`);
  return image;
}
