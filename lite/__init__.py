"""The course as a JupyterLite site: every lesson and exercise in one browser tab, Python from Pyodide."""
