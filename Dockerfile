# One image for the scaled deployment's `api` and `worker` services (docker-compose.yml).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .puppeteerrc.cjs ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY dashboard/package.json dashboard/
COPY extension/package.json extension/
RUN npm ci --no-audit --no-fund --ignore-scripts=false
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
RUN apt-get update \
  && apt-get install -y --no-install-recommends chromium espeak-ng tesseract-ocr tesseract-ocr-eng poppler-utils fonts-dejavu-core \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "backend/dist/main.js"]
