// Stylesheets are bundled by webpack (style-loader); importing one only adds it to the page.
declare module '*.css';
