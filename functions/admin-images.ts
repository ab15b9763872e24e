import { ImageImportSchema } from '../src/lib/schemas/image-import.ts';
import { badRequest, json, readJson } from './_shared/http.ts';
import {
  convertRemoteImages,
  importRemoteImage,
  type ConversionOptions,
} from './_shared/images/convert-remote.ts';
import { ImageRejectedError } from './_shared/images/process.ts';
import { clearDerivedImages, imageStats, removeUnusedImages, storeImage } from './_shared/images/service.ts';
import { readImageUpload } from './_shared/images/upload.ts';
import { adminOnly, adminRead } from './_shared/admin-routes.ts';
import { defineRoutes, type Config } from './_shared/router.ts';
import { requireAdmin } from './_shared/session.ts';

// The admin's image tools: upload (or import by address) for the recipe and blog forms,
// stats, converting remote ("temporary") images into stored copies, and dropping the derived
// variants, and removing stored images nothing refers to. The guard runs before the body is read.

export const config: Config = {
  path: [
    '/api/admin/images/upload',
    '/api/admin/images/import',
    '/api/admin/images/stats',
    '/api/admin/images/convert-temporary',
    '/api/admin/images/clear-cache',
    '/api/admin/images/remove-unused',
  ],
  method: ['GET', 'POST'],
};

/**
 * The routes, built with the conversion's fetch options. The deployed function uses none: the
 * guarded fetch refuses loopback and private addresses, with no switch to turn that off. Tests
 * build their own handler with an exemption for their local image server (one host and port),
 * so the route is exercised end to end without weakening the function that is deployed.
 */
export function adminImageRoutes(conversion: Pick<ConversionOptions, 'fetch' | 'maxImages'> = {}) {
  return defineRoutes([
    {
      method: 'POST',
      path: '/api/admin/images/upload',
      handler: async (req) => {
        await requireAdmin(req);
        const upload = await readImageUpload(req);
        try {
          const image = await storeImage(upload.bytes, { source: 'upload', use: upload.use });
          return json(image, { status: 201 });
        } catch (err) {
          if (err instanceof ImageRejectedError) throw badRequest(err.message);
          throw err;
        }
      },
    },
    {
      // An image address pasted into a form: the guarded fetch gets it, and the copy is ours.
      method: 'POST',
      path: '/api/admin/images/import',
      handler: async (req) => {
        await requireAdmin(req);
        const { url, use } = await readJson(req, ImageImportSchema);
        const fetchOptions = conversion.fetch ? { fetch: conversion.fetch } : {};
        return json(await importRemoteImage(url, use, fetchOptions), { status: 201 });
      },
    },
    {
      method: 'GET',
      path: '/api/admin/images/stats',
      handler: adminRead(imageStats),
    },
    {
      method: 'POST',
      path: '/api/admin/images/convert-temporary',
      handler: adminOnly(async (_req, { netlify }) =>
        json(await convertRemoteImages({ ...conversion, context: netlify })),
      ),
    },
    {
      method: 'POST',
      path: '/api/admin/images/clear-cache',
      handler: adminRead(() => clearDerivedImages()),
    },
    {
      // Stored images no content refers to any more (replaced covers, uploads never saved), once
      // they are a day old; originals and variants both go.
      method: 'POST',
      path: '/api/admin/images/remove-unused',
      handler: async (req) => {
        await requireAdmin(req);
        const { removedImages, removedFiles, freedMB } = await removeUnusedImages();
        return json({ removedImages, removedFiles, freedMB });
      },
    },
  ]);
}

export default adminImageRoutes();
